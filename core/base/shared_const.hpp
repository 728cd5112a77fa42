#pragma once
// An immutable value its holders share, behind one pointer: 8 bytes where a std::shared_ptr
// takes 16 (its second pointer, to the control block). A million buffers each hold a few
// (their type, a text that does not rebuild): 8 MB each. The count of holders sits beside
// the value, in the one allocation.
#include <atomic>
#include <cstddef>
#include <utility>

namespace memlens {

template <typename T> class SharedConst {
public:
    SharedConst() = default;
    SharedConst(std::nullptr_t) { }
    template <typename... Args> static SharedConst make(Args&&... args)
    {
        SharedConst made;
        made.box_ = new Box{T(std::forward<Args>(args)...)};
        return made;
    }

    SharedConst(const SharedConst& other) noexcept
        : box_(other.box_)
    {
        if (box_)
            box_->holders.fetch_add(1, std::memory_order_relaxed);
    }
    SharedConst(SharedConst&& other) noexcept
        : box_(std::exchange(other.box_, nullptr))
    {
    }
    SharedConst& operator=(SharedConst other) noexcept
    {
        std::swap(box_, other.box_);
        return *this;
    }
    ~SharedConst() { release(); }

    void reset() { release(); }
    const T* get() const { return box_ ? &box_->value : nullptr; }
    const T& operator*() const { return box_->value; }
    const T* operator->() const { return &box_->value; }
    explicit operator bool() const { return box_ != nullptr; }
    // The same value, not an equal one.
    friend bool operator==(const SharedConst& a, const SharedConst& b) { return a.box_ == b.box_; }

private:
    struct Box {
        T value;
        std::atomic<std::size_t> holders{1};
    };
    void release() noexcept
    {
        // The last holder deletes: what others wrote to the value happened before (acq_rel).
        if (box_ && box_->holders.fetch_sub(1, std::memory_order_acq_rel) == 1)
            delete box_;
        box_ = nullptr;
    }
    Box* box_ = nullptr;
};

} // namespace memlens
