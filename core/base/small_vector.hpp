#pragma once
// A vector of trivially copyable values that keeps up to `Inline` of them in itself and
// only more on the heap. A buffer's offsets are one or two values (one per copy): a
// std::vector gives each a heap block of its own, a 32-byte allocation per buffer that a
// million buffers pay in full. The interface is the part of std::vector its users need.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <type_traits>
#include <vector>

namespace memlens {

template <typename T, std::uint32_t Inline> class SmallVector {
    static_assert(std::is_trivially_copyable_v<T> && Inline > 0);

public:
    using value_type = T;
    using size_type = std::size_t;
    using reference = T&;
    using const_reference = const T&;
    using iterator = T*;
    using const_iterator = const T*;

    SmallVector() = default;
    SmallVector(std::initializer_list<T> values) { assign(values.begin(), values.end()); }
    SmallVector(const SmallVector& other) { assign(other.begin(), other.end()); }
    SmallVector(SmallVector&& other) noexcept { take(other); }
    SmallVector& operator=(const SmallVector& other)
    {
        if (this != &other)
            assign(other.begin(), other.end());
        return *this;
    }
    SmallVector& operator=(SmallVector&& other) noexcept
    {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    SmallVector& operator=(const std::vector<T>& values)
    {
        assign(values.data(), values.data() + values.size());
        return *this;
    }
    SmallVector& operator=(std::initializer_list<T> values)
    {
        assign(values.begin(), values.end());
        return *this;
    }
    ~SmallVector() { release(); }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::size_t capacity() const { return capacity_; }

    T* data() { return onHeap() ? heap_ : inline_; }
    const T* data() const { return onHeap() ? heap_ : inline_; }
    T* begin() { return data(); }
    T* end() { return data() + size_; }
    const T* begin() const { return data(); }
    const T* end() const { return data() + size_; }
    T& operator[](std::size_t i) { return data()[i]; }
    const T& operator[](std::size_t i) const { return data()[i]; }
    const T& front() const { return data()[0]; }

    void reserve(std::size_t count)
    {
        if (count <= capacity_)
            return;
        T* grown = new T[count];
        std::memcpy(grown, data(), size_ * sizeof(T));
        if (onHeap())
            delete[] heap_;
        heap_ = grown;
        capacity_ = static_cast<std::uint32_t>(count);
    }
    void push_back(const T& value)
    {
        if (size_ == capacity_) {
            const T copy = value; // `value` may live in this vector
            reserve(std::size_t(capacity_) * 2);
            data()[size_++] = copy;
            return;
        }
        data()[size_++] = value;
    }
    void resize(std::size_t count, const T& value = T())
    {
        reserve(count);
        for (std::size_t i = size_; i < count; ++i)
            data()[i] = value;
        size_ = static_cast<std::uint32_t>(count);
    }
    void clear() { size_ = 0; }

    friend bool operator==(const SmallVector& a, const SmallVector& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const SmallVector& a, const std::vector<T>& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    bool onHeap() const { return capacity_ > Inline; }
    void assign(const T* first, const T* last)
    {
        const auto count = static_cast<std::size_t>(last - first);
        size_ = 0;
        reserve(count);
        std::copy(first, last, data());
        size_ = static_cast<std::uint32_t>(count);
    }
    void take(SmallVector& other)
    {
        size_ = other.size_;
        capacity_ = other.capacity_;
        if (other.onHeap())
            heap_ = other.heap_;
        else
            std::copy(other.inline_, other.inline_ + other.size_, inline_);
        other.size_ = 0;
        other.capacity_ = Inline;
    }
    void release()
    {
        if (onHeap())
            delete[] heap_;
        capacity_ = Inline;
        size_ = 0;
    }

    union {
        T inline_[Inline] = {};
        T* heap_;
    };
    std::uint32_t size_ = 0;
    std::uint32_t capacity_ = Inline;
};

} // namespace memlens
