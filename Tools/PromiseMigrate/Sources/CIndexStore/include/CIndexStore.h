// The part of the toolchain's indexstore.h (libIndexStore's C API, Apache 2.0 with LLVM exception)
// that promise-migrate reads, as a table of function pointers filled by dlopen at run time: the tool
// links nothing new, and runs where no libIndexStore is installed until --index-store asks for one.
#ifndef CINDEXSTORE_H
#define CINDEXSTORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void *indexstore_error_t;
typedef void *indexstore_t;
typedef void *indexstore_unit_reader_t;
typedef void *indexstore_unit_dependency_t;
typedef void *indexstore_record_reader_t;
typedef void *indexstore_occurrence_t;
typedef void *indexstore_symbol_t;
typedef void *indexstore_symbol_relation_t;
typedef uint64_t indexstore_symbol_role_t;

typedef struct {
    const char *data;
    size_t length;
} indexstore_string_ref_t;

enum {
    CINDEXSTORE_ROLE_DECLARATION = 1 << 0,
    CINDEXSTORE_ROLE_DEFINITION = 1 << 1,
    CINDEXSTORE_ROLE_REFERENCE = 1 << 2,
    CINDEXSTORE_ROLE_CALL = 1 << 5,
    CINDEXSTORE_ROLE_DYNAMIC = 1 << 6,
    CINDEXSTORE_ROLE_IMPLICIT = 1 << 8,
    CINDEXSTORE_ROLE_REL_CHILDOF = 1 << 9,
    CINDEXSTORE_ROLE_REL_OVERRIDEOF = 1 << 11,
    CINDEXSTORE_ROLE_REL_RECEIVEDBY = 1 << 12,
};

enum { CINDEXSTORE_DEPENDENCY_UNIT = 1, CINDEXSTORE_DEPENDENCY_RECORD = 2, CINDEXSTORE_DEPENDENCY_FILE = 3 };

/// The functions of libIndexStore that promise-migrate calls.
typedef struct {
    const char *(*error_get_description)(indexstore_error_t);
    void (*error_dispose)(indexstore_error_t);
    indexstore_t (*store_create)(const char *path, indexstore_error_t *error);
    void (*store_dispose)(indexstore_t);
    bool (*store_units_apply_f)(indexstore_t, unsigned sorted, void *context,
                                bool (*applier)(void *context, indexstore_string_ref_t unit_name));
    indexstore_unit_reader_t (*unit_reader_create)(indexstore_t, const char *unit_name, indexstore_error_t *error);
    void (*unit_reader_dispose)(indexstore_unit_reader_t);
    void (*unit_reader_get_modification_time)(indexstore_unit_reader_t, int64_t *seconds, int64_t *nanoseconds);
    indexstore_string_ref_t (*unit_reader_get_main_file)(indexstore_unit_reader_t);
    indexstore_string_ref_t (*unit_reader_get_module_name)(indexstore_unit_reader_t);
    bool (*unit_reader_is_system_unit)(indexstore_unit_reader_t);
    bool (*unit_reader_dependencies_apply_f)(indexstore_unit_reader_t, void *context,
                                             bool (*applier)(void *context, indexstore_unit_dependency_t));
    int (*unit_dependency_get_kind)(indexstore_unit_dependency_t);
    indexstore_string_ref_t (*unit_dependency_get_filepath)(indexstore_unit_dependency_t);
    indexstore_string_ref_t (*unit_dependency_get_name)(indexstore_unit_dependency_t);
    indexstore_record_reader_t (*record_reader_create)(indexstore_t, const char *record_name,
                                                       indexstore_error_t *error);
    void (*record_reader_dispose)(indexstore_record_reader_t);
    bool (*record_reader_occurrences_apply_f)(indexstore_record_reader_t, void *context,
                                              bool (*applier)(void *context, indexstore_occurrence_t));
    indexstore_symbol_t (*occurrence_get_symbol)(indexstore_occurrence_t);
    indexstore_symbol_role_t (*occurrence_get_roles)(indexstore_occurrence_t);
    void (*occurrence_get_line_col)(indexstore_occurrence_t, unsigned *line, unsigned *column);
    bool (*occurrence_relations_apply_f)(indexstore_occurrence_t, void *context,
                                         bool (*applier)(void *context, indexstore_symbol_relation_t));
    indexstore_symbol_role_t (*symbol_relation_get_roles)(indexstore_symbol_relation_t);
    indexstore_symbol_t (*symbol_relation_get_symbol)(indexstore_symbol_relation_t);
    indexstore_string_ref_t (*symbol_get_usr)(indexstore_symbol_t);
    indexstore_string_ref_t (*symbol_get_name)(indexstore_symbol_t);
} cindexstore_functions_t;

/// Loads the library at `path` and fills `functions`. Returns NULL on success, else a message that
/// stays valid until the next call (dlerror's, or the name of the missing function).
const char *cindexstore_load(const char *path, cindexstore_functions_t *functions);

#endif
