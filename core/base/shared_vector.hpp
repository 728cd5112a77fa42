#pragma once
// A vector whose copies share their elements until one of them is changed (copy on
// write). A document copied to show the same plan with another capacity shares the
// plan's million blocks instead of copying them.
//
// Reading through a const object never copies. A change through a non-const one
// first takes a private copy when the elements are shared. As with any implicitly
// shared container, a reference taken from a non-const object must not be kept
// across a copy of that object.
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace memlens {

template <typename T> class SharedVector {
public:
    using value_type = T;
    using size_type = std::size_t;
    using iterator = typename std::vector<T>::iterator;
    using const_iterator = typename std::vector<T>::const_iterator;

    SharedVector() = default;
    SharedVector(std::vector<T> items)
        : items_(std::make_shared<std::vector<T>>(std::move(items)))
    {
    }
    SharedVector(std::initializer_list<T> items)
        : SharedVector(std::vector<T>(items))
    {
    }

    const std::vector<T>& items() const { return items_ ? *items_ : none(); }
    operator const std::vector<T>&() const { return items(); }
    // The elements to change: a private copy first when they are shared.
    std::vector<T>& edit()
    {
        if (!items_)
            items_ = std::make_shared<std::vector<T>>();
        else if (items_.use_count() > 1)
            items_ = std::make_shared<std::vector<T>>(*items_);
        return *items_;
    }
    bool sharesWith(const SharedVector& other) const { return items_ && items_ == other.items_; }

    std::size_t size() const { return items().size(); }
    bool empty() const { return items().empty(); }
    const T& operator[](std::size_t at) const { return items()[at]; }
    const T& at(std::size_t at) const { return items().at(at); }
    const T& front() const { return items().front(); }
    const T& back() const { return items().back(); }
    const T* data() const { return items().data(); }
    const_iterator begin() const { return items().begin(); }
    const_iterator end() const { return items().end(); }
    const_iterator cbegin() const { return items().begin(); }
    const_iterator cend() const { return items().end(); }

    T& operator[](std::size_t at) { return edit()[at]; }
    T& at(std::size_t at) { return edit().at(at); }
    T& front() { return edit().front(); }
    T& back() { return edit().back(); }
    T* data() { return edit().data(); }
    iterator begin() { return edit().begin(); }
    iterator end() { return edit().end(); }

    void push_back(T item) { edit().push_back(std::move(item)); }
    template <typename... Args> T& emplace_back(Args&&... args)
    {
        return edit().emplace_back(std::forward<Args>(args)...);
    }
    void pop_back() { edit().pop_back(); }
    iterator erase(const_iterator at) { return eraseAt(at - items().begin()); } // `at` may be of the shared elements
    void clear() { items_.reset(); }
    void reserve(std::size_t count) { edit().reserve(count); }
    void resize(std::size_t count) { edit().resize(count); }

    friend bool operator==(const SharedVector& a, const SharedVector& b) { return a.items() == b.items(); }

private:
    static const std::vector<T>& none()
    {
        static const std::vector<T> empty;
        return empty;
    }
    iterator eraseAt(std::ptrdiff_t index)
    {
        std::vector<T>& items = edit();
        return items.erase(items.begin() + index);
    }

    std::shared_ptr<std::vector<T>> items_;
};

} // namespace memlens
