#ifndef PHOTORY_CLIBPQ_SHIM_H
#define PHOTORY_CLIBPQ_SHIM_H
// PostgreSQL's client library (issue 26): libpq through a system-library target rather than a
// Swift package (postgres-nio): it costs no CI build minutes and no new package, and libpq reads
// PGPASSWORD, ~/.pgpass and the service files the way every PostgreSQL tool does.
#include <libpq-fe.h>
#endif
