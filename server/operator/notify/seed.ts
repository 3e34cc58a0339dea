/**
 * Tables of the notify area: the speed-test tasks sent to sessions and the results the portal
 * posts back. No demo rows: tasks come from /__reference/speed-test-task.
 */

export const NOTIFY_SCHEMA = `
CREATE TABLE IF NOT EXISTS speed_test_tasks (
  task_id           TEXT PRIMARY KEY,
  member_id         INTEGER NOT NULL REFERENCES members(id),
  session_key       TEXT NOT NULL,           -- the session topic's key, never the token
  domain            TEXT NOT NULL,
  timeout_threshold INTEGER NOT NULL,        -- ms
  created_at        INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS speed_test_tasks_member ON speed_test_tasks (member_id, created_at);
CREATE TABLE IF NOT EXISTS speed_test_results (
  task_id     TEXT PRIMARY KEY REFERENCES speed_test_tasks(task_id) ON DELETE CASCADE,
  success     INTEGER NOT NULL,
  elapsed     REAL NOT NULL,                 -- ms as measured by the portal
  message     TEXT NOT NULL,
  reported_at INTEGER NOT NULL
);
`;
