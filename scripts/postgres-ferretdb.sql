-- FerretDB 1.24's postgresql handler stores each document as jsonb in `_jsonb` and indexes a field
-- with a btree on `(_jsonb -> 'field')`, but it hands equality filters to PostgreSQL as containment,
-- `_jsonb -> $1 @> $2`, which a btree cannot answer: every find, even by `_id`, read the whole table.
-- Each index FerretDB makes here also gets a GIN index (jsonb_path_ops) on the same expressions,
-- which answers that containment, so a query reads only the documents it names. The cluster runs
-- with plan_cache_mode = force_custom_plan (scripts/provision.sh): FerretDB prepares its statements
-- with the field name as a parameter, and only a plan made with the value in place matches the index.
-- Idempotent: provisioning applies it to the ferretdb database on every start.

CREATE OR REPLACE FUNCTION ferretdb_gin_name(tbl oid, expr text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'gin_' || md5(tbl::text || ' ' || expr) $$;

-- The GIN twin of one btree index FerretDB made: the same keys, so that a filter naming several of
-- them (journal, year, volume, issue) is answered inside one index.
CREATE OR REPLACE FUNCTION ferretdb_gin_twins(idx oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  i pg_index%ROWTYPE;
  k int;
  expr text;
  cols text[] := '{}';
BEGIN
  SELECT * INTO i FROM pg_index WHERE indexrelid = idx;
  IF NOT FOUND OR (SELECT amname FROM pg_am a JOIN pg_class c ON c.relam = a.oid WHERE c.oid = idx) <> 'btree' THEN
    RETURN;
  END IF;
  FOR k IN 1 .. i.indnatts LOOP
    expr := pg_get_indexdef(idx, k, false);
    -- Only top-level fields, `((_jsonb -> 'name'::text))`: the form FerretDB's filters take.
    CONTINUE WHEN expr !~ '^\(\(_jsonb -> ''[^'']*''::text\)\)$';
    cols := cols || (expr || ' jsonb_path_ops');
  END LOOP;
  IF cardinality(cols) > 0 THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %s USING gin (%s) WITH (fastupdate = off)',
      ferretdb_gin_name(i.indrelid, array_to_string(cols, ', ')), i.indrelid::regclass, array_to_string(cols, ', '));
  END IF;
END $$;

-- What FerretDB creates: each index gets its GIN twin, each chunk table its uncompressed storage
-- and no statistics on its index expressions (ferretdb_chunks_uncompressed, ferretdb_chunks_unanalyzed, below).
CREATE OR REPLACE FUNCTION ferretdb_gin_on_create() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT objid, object_type FROM pg_event_trigger_ddl_commands() WHERE command_tag IN ('CREATE INDEX', 'CREATE TABLE') LOOP
    IF r.object_type = 'index' THEN
      PERFORM ferretdb_gin_twins(r.objid);
      PERFORM ferretdb_chunks_unanalyzed((SELECT indrelid FROM pg_index WHERE indexrelid = r.objid));
    ELSIF r.object_type = 'table' THEN
      PERFORM ferretdb_chunks_uncompressed(r.objid);
    END IF;
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS ferretdb_gin_on_create;
CREATE EVENT TRIGGER ferretdb_gin_on_create ON ddl_command_end WHEN TAG IN ('CREATE INDEX', 'CREATE TABLE')
  EXECUTE FUNCTION ferretdb_gin_on_create();

-- Indexes made before this file was applied (a database restored or created by an older set-up).
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT i.indexrelid FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') LOOP
    PERFORM ferretdb_gin_twins(r.indexrelid);
  END LOOP;
END $$;

-- Twins are made without GIN's pending list (fastupdate = off). With it, new keys wait in an
-- unsorted list (up to gin_pending_list_limit, 4 MB) that every lookup reads whole until a vacuum
-- merges it, and a table of 100,000 documents is vacuumed only after some 20,000 inserts: a find by
-- `_id` of a file, a chunk or a view read some 50 to 250 pages instead of 5 after a run of writes
-- (docs/benchmarks.md#the-store-at-publisher-scale). Inserting into the index directly cost no
-- more here. Twins made earlier are switched over and their list merged.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.oid FROM pg_class c JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE a.amname = 'gin' AND c.relname LIKE 'gin\_%' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
      AND NOT coalesce(c.reloptions @> '{fastupdate=off}', false) LOOP
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', r.oid::regclass);
    PERFORM gin_clean_pending_list(r.oid);
  END LOOP;
END $$;

-- File bytes: FerretDB keeps each GridFS chunk's binary data as base64 text inside its jsonb, and
-- PostgreSQL's default TOAST step ran pglz over every chunk before giving up (base64 of compressed
-- PDFs, DOCX zips and images never saves the 25% pglz asks for): about half of PostgreSQL's CPU per
-- stored file, and as much again to test it on the way out (bench/store-write.md). Chunk tables
-- (`<bucket>.chunks` collections, named `<bucket>_chunks_<hash>` by FerretDB) store their documents
-- out of line uncompressed (STORAGE EXTERNAL); values already stored stay readable as they are.
CREATE OR REPLACE FUNCTION ferretdb_chunks_uncompressed(tbl oid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
             WHERE c.oid = tbl AND c.relkind = 'r' AND c.relname ~ '_chunks_[0-9a-f]{8}$'
               AND a.attname = '_jsonb' AND a.attstorage <> 'e') THEN
    EXECUTE format('ALTER TABLE %s ALTER COLUMN _jsonb SET STORAGE EXTERNAL', tbl::regclass);
  END IF;
END $$;

-- ANALYZE computes every index expression, `_jsonb -> '_id'`, on each sampled row, and for a chunk
-- that detoasts the whole document (some 340 kB of JSON) once per index: at every autovacuum analyze
-- of a file bucket's chunks, every stored file's bytes were read back (up to 30,000 chunks, some
-- 10 GB, for a large store; 0.3 ms of CPU a chunk here). Through the whole stack a 10 MB submission
-- paid for it in PostgreSQL's CPU (bench/store-write.md). Chunks are only ever looked up by `_id` or
-- `files_id`, where no statistics change the plan (an index answers), so a file bucket's chunk table
-- keeps none for its index expressions (statistics target 0: ANALYZE skips those indexes). The
-- search index's chunks (`search_chunks_<hash>`) are small documents searched otherwise: left as they are.
CREATE OR REPLACE FUNCTION ferretdb_chunks_unanalyzed(tbl oid) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN SELECT a.attrelid, a.attnum FROM pg_class t
      JOIN pg_index i ON i.indrelid = t.oid
      JOIN pg_attribute a ON a.attrelid = i.indexrelid AND a.attnum > 0
    WHERE t.oid = tbl AND t.relkind = 'r' AND t.relname ~ '_chunks_[0-9a-f]{8}$' AND t.relname !~ '^search_chunks_'
      AND i.indkey[a.attnum - 1] = 0 AND a.attstattarget <> 0 LOOP
    EXECUTE format('ALTER INDEX %s ALTER COLUMN %s SET STATISTICS 0', r.attrelid::regclass, r.attnum);
  END LOOP;
END $$;

-- Chunk tables made before this file was applied.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND c.relname ~ '_chunks_[0-9a-f]{8}$' AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') LOOP
    PERFORM ferretdb_chunks_uncompressed(r.oid);
    PERFORM ferretdb_chunks_unanalyzed(r.oid);
  END LOOP;
END $$;

-- Every FerretDB filter evaluates `_jsonb -> 'field'`, which detoasts and decompresses the whole
-- document. PostgreSQL costs that operator like an integer comparison, so on a table whose documents
-- are stored out of line (a search index's chunks, the views, a file's chunks: a heap of a few pages
-- holding only TOAST pointers) it judged a scan evaluating the filter on every document cheaper than
-- the index: a search chunk found by `_id` detoasted all 128 chunks of its table (634 buffers, against
-- 37 through the GIN twin). The operator is given the cost it has (100 × cpu_operator_cost a row), so
-- a scan that evaluates it on each document is chosen only where no index answers the filter.
ALTER FUNCTION pg_catalog.jsonb_object_field(jsonb, text) COST 100;
