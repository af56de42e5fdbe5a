#include <isa-l/igzip_lib.h>

/* igzip's level-1 buffer sizes are macros built from others, which Swift does not import. */
static const unsigned inkpath_isal_level1_buffer = ISAL_DEF_LVL1_DEFAULT;
