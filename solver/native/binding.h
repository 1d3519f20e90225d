/* binding.h - what the module's two binding files (binding.c: sce2's and the
 * module; family_binding.c: the family's) share. */
#ifndef EIGHTS_BINDING_H
#define EIGHTS_BINDING_H

#include <Python.h>
#include <stddef.h>
#include "utility.h"

enum { MAX_PERFT_DEPTH = 64 };
static const size_t MAX_TABLE_MB = (size_t)1 << 20;

/* The optional utility of a search: None (*out NULL), or (finished, leaf), two
 * tables of UTILITY_POINTS nondecreasing worths in the core's units, read
 * into a Utility the caller frees (PyMem_Free); -1 with an exception set. */
int parse_utility(PyObject *obj, Utility **out);

/* Add the family's functions and types to the module. */
int family_module_init(PyObject *module);

#endif
