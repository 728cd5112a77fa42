#pragma once
// The plan page's HTML (resources/html, put together at build time by
// cmake/embed_plan_page.cmake): the text before the embedded JSON and after it.
#include <string>

namespace memlens {

const std::string& planPageBeforeData();
const std::string& planPageAfterData();

} // namespace memlens
