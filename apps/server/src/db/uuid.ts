/**
 * The form of a row id (every table's primary key is a PostgreSQL `uuid`): an id of another form is no row, and is
 * answered as not found before it reaches the database, which would refuse it as invalid input (SQLSTATE 22P02).
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
