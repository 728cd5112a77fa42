# Installing memlens like a desktop application: the program, its menu entry,
# the MIME type of the compiler's dumps, the icon and a man page made from the
# program's own --help; `cpack -G DEB` packs the same files into a .deb.
include(GNUInstallDirs)

install(TARGETS memlens RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/memlens.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/resources/desktop/memlens-mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME memlens.xml)
install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/memlens.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# The user guide and its pictures: data Help > User Guide reads (not under share/doc, which minimal
# systems leave out), copied into the build tree at the same place relative to the programs
# (build/app/memlens, build/tests/...: ../share/memlens/guide), so a build shows it as an install does.
file(GLOB memlens_guide_images CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/images/*.png)
set(memlens_guide_build_dir ${PROJECT_BINARY_DIR}/${MEMLENS_GUIDE_DIR})
set(memlens_guide_outputs ${memlens_guide_build_dir}/user-guide.md)
foreach(image IN LISTS memlens_guide_images)
  get_filename_component(name ${image} NAME)
  list(APPEND memlens_guide_outputs ${memlens_guide_build_dir}/images/${name})
endforeach()
add_custom_command(OUTPUT ${memlens_guide_outputs}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${memlens_guide_build_dir}/images
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${PROJECT_SOURCE_DIR}/docs/user-guide.md ${memlens_guide_build_dir}
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${memlens_guide_images} ${memlens_guide_build_dir}/images
  DEPENDS ${PROJECT_SOURCE_DIR}/docs/user-guide.md ${memlens_guide_images}
  COMMENT "Copying the user guide beside the programs"
  VERBATIM)
add_custom_target(memlens_user_guide ALL DEPENDS ${memlens_guide_outputs})
install(FILES ${PROJECT_SOURCE_DIR}/docs/user-guide.md DESTINATION ${MEMLENS_GUIDE_DIR})
install(FILES ${memlens_guide_images} DESTINATION ${MEMLENS_GUIDE_DIR}/images)

# The man page is the --help text, so the two cannot disagree.
find_program(HELP2MAN_PROGRAM help2man)
if(HELP2MAN_PROGRAM)
  set(man_page ${PROJECT_BINARY_DIR}/memlens.1)
  add_custom_command(OUTPUT ${man_page}
    COMMAND ${HELP2MAN_PROGRAM} --no-info --section=1 --source=memlens
            "--name=show why an Ascend NPU kernel overflows its on-chip memory"
            --output=${man_page} $<TARGET_FILE:memlens>
    DEPENDS memlens
    COMMENT "Writing the man page from memlens --help"
    VERBATIM)
  add_custom_target(memlens_man_page ALL DEPENDS ${man_page})
  install(FILES ${man_page} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(WARNING "help2man not found: no man page (scripts/install-deps.sh installs it)")
endif()

set(CPACK_PACKAGE_NAME memlens)
set(CPACK_PACKAGE_VENDOR "memlens")
set(CPACK_PACKAGE_CONTACT "memlens developers <memlens@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "on-chip memory plan viewer for Ascend NPU kernels")
set(CPACK_PACKAGE_DESCRIPTION
    "memlens opens the memory plan the Ascend compiler dumps (memory_info_aiv.json) and shows every buffer as a block over its Life, what crosses the capacity, and the IR and Python lines that allocated it. It also writes reports and checks plans headless in CI.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_STRIP_FILES ON)
# dpkg-shlibdeps names the runtime libraries (libqt6charts6, libspdlog1.10, ...).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Qt's offscreen and xcb platforms come with libqt6gui6; a font for the chart text.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core")
include(CPack)
