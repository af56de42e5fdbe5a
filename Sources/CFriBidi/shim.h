#include <fribidi/fribidi.h>

/* FriBidi's paragraph directions and flags are macros built from bit masks, which Swift
   does not import: the values the renderer needs, as constants. */
static const FriBidiParType inkpath_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType inkpath_fribidi_par_rtl = FRIBIDI_PAR_RTL;
static const FriBidiParType inkpath_fribidi_par_on = FRIBIDI_PAR_ON;
static const FriBidiFlags inkpath_fribidi_flags_default = FRIBIDI_FLAGS_DEFAULT;
