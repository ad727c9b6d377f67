-- Every change to work items, whoever makes it (the app on any node, a script, psql), is told on
-- the channel the condition query's index listens on (work-item-index.ts): "node|project|id,id,..."
-- per project the statement touched, "|project|*" when the ids would not fit a payload, "|*|*" for
-- a TRUNCATE. The node is the transaction's ccms.node setting (the app's writes set it so the
-- writing node skips its own news), empty for everyone else's. Delivered at commit, and only then.
CREATE FUNCTION ccms_work_item_tell(node text, project text, ids text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('ccms_work_item_changes', node || '|' || project || '|' || CASE WHEN length(ids) > 7000 THEN '*' ELSE ids END)
$$;
--> statement-breakpoint
CREATE FUNCTION ccms_work_item_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  node text := coalesce(current_setting('ccms.node', true), '');
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM ccms_work_item_tell(node, '*', '*');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM ccms_work_item_tell(node, project_id::text, string_agg(DISTINCT work_item_id::text, ',')) FROM new_rows GROUP BY project_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM ccms_work_item_tell(node, project_id::text, string_agg(DISTINCT work_item_id::text, ',')) FROM old_rows GROUP BY project_id;
  ELSE
    -- An update that moves an item tells both projects.
    PERFORM ccms_work_item_tell(node, project_id::text, string_agg(DISTINCT work_item_id::text, ','))
    FROM (SELECT project_id, work_item_id FROM old_rows UNION ALL SELECT project_id, work_item_id FROM new_rows) AS touched
    GROUP BY project_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ccms_work_item_inserted AFTER INSERT ON ccms_work_item REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ccms_work_item_notify();
--> statement-breakpoint
CREATE TRIGGER ccms_work_item_updated AFTER UPDATE ON ccms_work_item REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ccms_work_item_notify();
--> statement-breakpoint
CREATE TRIGGER ccms_work_item_deleted AFTER DELETE ON ccms_work_item REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ccms_work_item_notify();
--> statement-breakpoint
CREATE TRIGGER ccms_work_item_truncated AFTER TRUNCATE ON ccms_work_item FOR EACH STATEMENT EXECUTE FUNCTION ccms_work_item_notify();
