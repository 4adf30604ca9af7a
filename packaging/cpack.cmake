# The Debian package (issue 15, part 1): `make package` (a Release build of its own, prefix /usr)
# or cpack in any build directory. docs/packaging.md says what goes where and why.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kioku)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # kioku_0.1.0-1_amd64.deb
set(CPACK_PACKAGE_CONTACT "${KIOKU_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${KIOKU_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "spaced-repetition flashcards for the terminal")
# The extended description; CPack puts the summary above it as the synopsis line.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "kioku schedules flashcards with FSRS or SM-2 and reviews them in the
terminal, in English or Japanese. A small daemon, kiokud, keeps the
collection in SQLite and answers the kioku command, status bars and
editors over a Unix socket; systemd can start it on demand through the
user units in this package. Decks are TOML files; Anki text exports
import too.")
# Depends from the binaries' shared libraries, by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_STRIP_FILES ON)
# The installed tree is /usr whatever CMAKE_INSTALL_PREFIX the build directory has, so CI can
# package its normal build; the systemd service names kiokud by this prefix when it is installed.
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
# Directories owned by the package stay 0755 whatever the umask of the build.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
    OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)
