// The compiler's cache prefetch hint, which Swift does not spell: asks for the cache line
// at `address` without waiting for it. Never faults, whatever the address.
static inline void inkpath_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
