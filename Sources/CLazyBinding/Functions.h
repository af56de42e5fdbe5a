#ifndef INKPATH_FUNCTIONS_H
#define INKPATH_FUNCTIONS_H
/* Private to CLazyBinding: the table Trampolines.c (written by scripts/lazy-bindings)
   defines and Loader.c fills. */
#include <stddef.h>

#include "LazyBinding.h"

typedef struct {
  inkpath_library library;
  const char *name;
} inkpath_function;

/* Every function Inkpath calls in a lazily loaded library, with its library. */
__attribute__((visibility("hidden"))) extern const inkpath_function inkpath_functions[];
__attribute__((visibility("hidden"))) extern const size_t inkpath_function_count;

/* The address of inkpath_functions[i] once its library is loaded, else NULL. */
__attribute__((visibility("hidden"))) extern void *inkpath_function_slots[];

/* The address of function `index`, loading its library first; for a trampoline called
   before its library was loaded (Swift loads each library before its first call, so this
   is the rare path). Aborts, naming the library and the function, when the library cannot
   be loaded or lacks a function. */
__attribute__((visibility("hidden"))) void *inkpath_function_address(size_t index);

#endif
