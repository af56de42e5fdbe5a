// glibc's malloc extensions (malloc_trim), which the Glibc module does not declare.
#include <malloc.h>
