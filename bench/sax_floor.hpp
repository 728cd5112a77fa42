#pragma once
// The floor the dump readers are measured against: a bare nlohmann SAX walk of the file that
// only sums the buffers' extents (every event read, nothing kept).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace memlens::bench {

class ExtentSum : public nlohmann::json_sax<nlohmann::json> {
public:
    std::uint64_t total = 0;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t value) override { return add(static_cast<std::uint64_t>(value)); }
    bool number_unsigned(number_unsigned_t value) override { return add(value); }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t& name) override
    {
        atExtent_ = name == "extent";
        return true;
    }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override
    {
        atExtent_ = false;
        return true;
    }
    bool end_array() override { return true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool add(std::uint64_t value)
    {
        if (atExtent_)
            total += value;
        atExtent_ = false;
        return true;
    }
    bool atExtent_ = false;
};

} // namespace memlens::bench
