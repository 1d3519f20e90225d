/* binding.h - what the module's two binding files (binding.c: sce2's and the
 * module; family_binding.c: the family's) share. */
#ifndef EIGHTS_BINDING_H
#define EIGHTS_BINDING_H

#include <Python.h>
#include <stddef.h>

enum { MAX_PERFT_DEPTH = 64 };
static const size_t MAX_TABLE_MB = (size_t)1 << 20;

/* Add the family's functions and types to the module. */
int family_module_init(PyObject *module);

#endif
