# Every test source file whose cases a suite binary holds is a ctest test: the
# per-file registration (tests/CMakeLists.txt) decides by a text match on the
# source, and a file it skipped by mistake would run nothing and fail nothing.
# usage: cmake -DCTEST=... -DBUILD_DIR=... -DSUITE=path/to/binary -DPREFIX=core/ -P check_file_tests.cmake
execute_process(COMMAND ${SUITE} "~[.]" --filenames-as-tags --list-tags
  OUTPUT_VARIABLE tags) # its exit status is the number of tags
if(NOT tags MATCHES "Tags for matching test cases")
  message(FATAL_ERROR "FAILED: ${SUITE} could not list its tags: ${tags}")
endif()
string(REGEX MATCHALL "\\[#[A-Za-z0-9_]+\\]" files "${tags}")
execute_process(COMMAND ${CTEST} --test-dir ${BUILD_DIR} -N OUTPUT_VARIABLE listing)
set(missing "")
foreach(tag IN LISTS files)
  string(REGEX REPLACE "^\\[#(.*)\\]$" "\\1" stem "${tag}")
  string(TOLOWER "${listing}" lowered)
  string(TOLOWER "${PREFIX}${stem}" name)
  string(FIND "${lowered}" ": ${name}\n" at)
  if(at EQUAL -1)
    list(APPEND missing "${PREFIX}${stem}")
  endif()
endforeach()
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "FAILED: ${SUITE} lists no test files")
endif()
if(missing)
  list(JOIN missing ", " shown)
  message(FATAL_ERROR "FAILED: test files whose cases no ctest runs: ${shown}")
endif()
message(STATUS "file tests: all ${count} files of ${SUITE} are ctest tests")
