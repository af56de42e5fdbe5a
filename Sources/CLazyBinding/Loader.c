#include "LazyBinding.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const sonames[INKPATH_LIBRARY_COUNT] = {
    [INKPATH_LIBRARY_XML2] = "libxml2.so.2",
    [INKPATH_LIBRARY_Z] = "libz.so.1",
    [INKPATH_LIBRARY_CAIRO] = "libcairo.so.2",
    [INKPATH_LIBRARY_PNG] = "libpng16.so.16",
    [INKPATH_LIBRARY_JPEG] = "libjpeg.so.62",
    [INKPATH_LIBRARY_GIF] = "libgif.so.7",
    [INKPATH_LIBRARY_WEBP] = "libwebp.so.7",
    [INKPATH_LIBRARY_HARFBUZZ] = "libharfbuzz.so.0",
    [INKPATH_LIBRARY_FONTCONFIG] = "libfontconfig.so.1",
    [INKPATH_LIBRARY_FREETYPE] = "libfreetype.so.6",
    [INKPATH_LIBRARY_FRIBIDI] = "libfribidi.so.0",
};

/* One handle per library, written once under the lock and read without it afterwards. A
   library that failed keeps its reason, so every later caller gets the same error. */
static void *handles[INKPATH_LIBRARY_COUNT];
static char failures[INKPATH_LIBRARY_COUNT][512];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const char *inkpath_library_soname(inkpath_library library) {
  return (unsigned)library < INKPATH_LIBRARY_COUNT ? sonames[library] : "(unknown library)";
}

static void *open_library(inkpath_library library) {
  void *handle = __atomic_load_n(&handles[library], __ATOMIC_ACQUIRE);
  if (handle) return handle;
  pthread_mutex_lock(&lock);
  handle = handles[library];
  if (!handle && !failures[library][0]) {
    handle = dlopen(sonames[library], RTLD_NOW | RTLD_LOCAL);
    if (handle) {
      __atomic_store_n(&handles[library], handle, __ATOMIC_RELEASE);
    } else {
      const char *reason = dlerror();
      snprintf(failures[library], sizeof failures[library], "cannot load %s: %s",
               sonames[library], reason ? reason : "unknown error");
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

void *inkpath_library_symbol(inkpath_library library, const char *name) {
  void *handle = (unsigned)library < INKPATH_LIBRARY_COUNT ? open_library(library) : NULL;
  if (!handle) {
    fprintf(stderr, "inkpath: %s (needed for %s)\n",
            (unsigned)library < INKPATH_LIBRARY_COUNT ? failures[library] : "no such library",
            name);
    abort();
  }
  void *symbol = dlsym(handle, name);
  if (!symbol) {
    fprintf(stderr, "inkpath: %s has no %s (a newer version is needed)\n", sonames[library],
            name);
    abort();
  }
  return symbol;
}
