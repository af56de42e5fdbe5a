#include "LazyBinding.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unicode/uvernum.h>

#include "Functions.h"

static const char *const sonames[INKPATH_LIBRARY_COUNT] = {
    [INKPATH_LIBRARY_JPEG] = "libjpeg.so.62",
    [INKPATH_LIBRARY_GIF] = "libgif.so.7",
    [INKPATH_LIBRARY_WEBP] = "libwebp.so.7",
    [INKPATH_LIBRARY_HARFBUZZ] = "libharfbuzz.so.0",
    [INKPATH_LIBRARY_FONTCONFIG] = "libfontconfig.so.1",
    [INKPATH_LIBRARY_FREETYPE] = "libfreetype.so.6",
    [INKPATH_LIBRARY_FRIBIDI] = "libfribidi.so.0",
    /* The version the archive's calls carry in their names (ucnv_open_72). */
    [INKPATH_LIBRARY_ICU] = "libicuuc.so." U_ICU_VERSION_SHORT,
    [INKPATH_LIBRARY_LZMA] = "liblzma.so.5",
    [INKPATH_LIBRARY_ISAL] = "libisal.so.2",
};

/* One handle per library, written once under the lock and read without it afterwards. A
   library that failed keeps its reason, so every later caller gets the same error. */
static void *handles[INKPATH_LIBRARY_COUNT];
static char failures[INKPATH_LIBRARY_COUNT][512];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const char *inkpath_library_soname(inkpath_library library) {
  return (unsigned)library < INKPATH_LIBRARY_COUNT ? sonames[library] : "(unknown library)";
}

/* Looks up every function Inkpath calls in the library, then fills their slots: one missing
   is the library's failure and fills none, so it never loads half usable. */
static int bind_functions(inkpath_library library, void *handle) {
  void **found = calloc(inkpath_function_count, sizeof *found);
  if (!found) {
    snprintf(failures[library], sizeof failures[library], "out of memory loading %s",
             sonames[library]);
    return -1;
  }
  for (size_t i = 0; i < inkpath_function_count; i++) {
    if (inkpath_functions[i].library != library) continue;
    found[i] = dlsym(handle, inkpath_functions[i].name);
    if (!found[i]) {
      snprintf(failures[library], sizeof failures[library],
               "%s has no %s (a newer version of the library is needed)", sonames[library],
               inkpath_functions[i].name);
      free(found);
      return -1;
    }
  }
  for (size_t i = 0; i < inkpath_function_count; i++) {
    if (found[i]) __atomic_store_n(&inkpath_function_slots[i], found[i], __ATOMIC_RELEASE);
  }
  free(found);
  return 0;
}

static void *open_library(inkpath_library library) {
  void *handle = __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE);
  if (handle) return handle;
  pthread_mutex_lock(&lock);
  handle = handles[library];
  if (!handle && !failures[library][0]) {
    /* RTLD_LAZY: the libraries' own calls into their dependencies (libX11's, which cairo
       brings and Inkpath never draws with) bind when first made, unless the library was
       linked with -z now; Inkpath's own calls are all looked up here, in bind_functions. */
    handle = dlopen(sonames[library], RTLD_LAZY | RTLD_LOCAL);
    if (!handle) {
      const char *reason = dlerror();
      snprintf(failures[library], sizeof failures[library], "cannot load %s: %s",
               sonames[library], reason ? reason : "unknown error");
    } else if (bind_functions(library, handle) != 0) {
      dlclose(handle);
      handle = NULL;
    } else {
      __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
    }
  }
  pthread_mutex_unlock(&lock);
  return handle;
}

int inkpath_library_load(inkpath_library library, char *message, size_t size) {
  if (size) message[0] = 0;
  if ((unsigned)library >= INKPATH_LIBRARY_COUNT) {
    if (size) snprintf(message, size, "no such library (%d)", (int)library);
    return -1;
  }
  if (open_library(library)) return 0;
  if (size) snprintf(message, size, "%s", failures[library]);
  return -1;
}

void *inkpath_function_address(size_t index) {
  inkpath_library library = inkpath_functions[index].library;
  if (!open_library(library)) {
    fprintf(stderr, "inkpath: %s (needed for %s)\n", failures[library],
            inkpath_functions[index].name);
    abort();
  }
  return __atomic_load_n(&inkpath_function_slots[index], __ATOMIC_ACQUIRE);
}
