#include "core/base/logging.hpp"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <string_view>

namespace memlens {

bool verboseRequestedByEnvironment()
{
    const char* value = std::getenv("MEMLENS_VERBOSE");
    return value && *value && std::string_view(value) != "0";
}

void configureLogging(bool verbose)
{
    auto logger = spdlog::get("memlens");
    if (!logger)
        logger = spdlog::stderr_logger_mt("memlens");
    logger->set_pattern("memlens: %l: %v");
    logger->set_level(verbose || verboseRequestedByEnvironment() ? spdlog::level::debug : spdlog::level::warn);
    spdlog::set_default_logger(logger);
}

} // namespace memlens
