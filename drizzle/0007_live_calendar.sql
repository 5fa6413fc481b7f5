-- The live calendar (decision 016): every change to a day's claims or blocking tells the listeners which day,
-- whichever door made it (a hold, a payment, the cleanup job, the admin, a restore). NOTIFY is sent at commit,
-- and PostgreSQL folds the same day named twice in one transaction into one notice.
CREATE FUNCTION scene_notify_day_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('scene_days', OLD.day::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('scene_days', NEW.day::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER day_claims_notify AFTER INSERT OR UPDATE OR DELETE ON day_claims
  FOR EACH ROW EXECUTE FUNCTION scene_notify_day_change();
--> statement-breakpoint
CREATE TRIGGER blocked_dates_notify AFTER INSERT OR UPDATE OR DELETE ON blocked_dates
  FOR EACH ROW EXECUTE FUNCTION scene_notify_day_change();
