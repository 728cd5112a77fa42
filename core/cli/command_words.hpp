#pragma once
// What every command's parser shares: the error a bad command line throws, an option's value,
// --fail-above's percentage, and the help texts of the common options and the exit status.
// A leaf: the command parsers include this, not the whole command line (command_line.hpp).
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace memlens {

class CommandLineError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The options every command that reads a dump takes, and what its exit status means: for the usage texts.
std::string commonOptionsHelp();
std::string exitStatusHelp();
// The value after option args[i] (i moves onto it); throws CommandLineError when there is none.
std::string optionValue(const std::vector<std::string>& args, std::size_t& i);
// --fail-above's value (summary, record): a percentage from 0 to 1000; throws CommandLineError.
double failAbovePercent(const std::string& value);

} // namespace memlens
