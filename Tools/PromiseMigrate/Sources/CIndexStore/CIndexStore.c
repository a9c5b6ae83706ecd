#include "CIndexStore.h"

#include <dlfcn.h>
#include <stdio.h>

static char message[512];

#define LOAD(field, symbol)                                                                          \
    do {                                                                                             \
        *(void **)&functions->field = dlsym(handle, "indexstore_" symbol);                          \
        if (!functions->field) {                                                                     \
            snprintf(message, sizeof message, "%s has no function indexstore_%s", path, symbol);    \
            return message;                                                                          \
        }                                                                                            \
    } while (0)

const char *cindexstore_load(const char *path, cindexstore_functions_t *functions) {
    // Never closed: the functions are used until the process ends.
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *error = dlerror();
        snprintf(message, sizeof message, "%s", error ? error : "dlopen failed");
        return message;
    }
    LOAD(error_get_description, "error_get_description");
    LOAD(error_dispose, "error_dispose");
    LOAD(store_create, "store_create");
    LOAD(store_dispose, "store_dispose");
    LOAD(store_units_apply_f, "store_units_apply_f");
    LOAD(unit_reader_create, "unit_reader_create");
    LOAD(unit_reader_dispose, "unit_reader_dispose");
    LOAD(unit_reader_get_modification_time, "unit_reader_get_modification_time");
    LOAD(unit_reader_get_main_file, "unit_reader_get_main_file");
    LOAD(unit_reader_get_module_name, "unit_reader_get_module_name");
    LOAD(unit_reader_is_system_unit, "unit_reader_is_system_unit");
    LOAD(unit_reader_dependencies_apply_f, "unit_reader_dependencies_apply_f");
    LOAD(unit_dependency_get_kind, "unit_dependency_get_kind");
    LOAD(unit_dependency_get_filepath, "unit_dependency_get_filepath");
    LOAD(unit_dependency_get_name, "unit_dependency_get_name");
    LOAD(record_reader_create, "record_reader_create");
    LOAD(record_reader_dispose, "record_reader_dispose");
    LOAD(record_reader_occurrences_apply_f, "record_reader_occurrences_apply_f");
    LOAD(occurrence_get_symbol, "occurrence_get_symbol");
    LOAD(occurrence_get_roles, "occurrence_get_roles");
    LOAD(occurrence_get_line_col, "occurrence_get_line_col");
    LOAD(occurrence_relations_apply_f, "occurrence_relations_apply_f");
    LOAD(symbol_relation_get_roles, "symbol_relation_get_roles");
    LOAD(symbol_relation_get_symbol, "symbol_relation_get_symbol");
    LOAD(symbol_get_usr, "symbol_get_usr");
    LOAD(symbol_get_name, "symbol_get_name");
    return NULL;
}
