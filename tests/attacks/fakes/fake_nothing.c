/* A library with none of the functions gpudoctor looks for: a libcuda.so.1 without cuInit (a stub
 * from a toolkit's lib/stubs on the library path, a broken install). */
int fake_nothing_here(void) { return 0; }
