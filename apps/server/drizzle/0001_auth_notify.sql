-- Every server caches resolved sessions for a few seconds (AUTH_CACHE_SECONDS). These triggers
-- announce any change to what a session resolves to on the channel bo_auth, so every server
-- listening on the same database (LISTEN bo_auth; PGlite's listeners in-process) drops the stale
-- entries when the change commits: 'session:<id>', 'user:<id>' or 'all'.
CREATE OR REPLACE FUNCTION bo_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_auth', 'session:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('bo_auth', 'user:' || COALESCE(NEW.id, OLD.id));
  ELSE
    PERFORM pg_notify('bo_auth', 'user:' || COALESCE(NEW.user_id, OLD.user_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_auth_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bo_auth', 'all');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_notify AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION bo_auth_notify_session();
--> statement-breakpoint
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bo_auth_notify_user();
--> statement-breakpoint
CREATE TRIGGER user_roles_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION bo_auth_notify_user();
--> statement-breakpoint
CREATE TRIGGER user_regions_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_regions
  FOR EACH ROW EXECUTE FUNCTION bo_auth_notify_user();
--> statement-breakpoint
CREATE TRIGGER user_campuses_auth_notify AFTER INSERT OR UPDATE OR DELETE ON user_campuses
  FOR EACH ROW EXECUTE FUNCTION bo_auth_notify_user();
--> statement-breakpoint
CREATE TRIGGER roles_auth_notify AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION bo_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER role_privileges_auth_notify AFTER INSERT OR UPDATE OR DELETE ON role_privileges
  FOR EACH STATEMENT EXECUTE FUNCTION bo_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER privileges_auth_notify AFTER INSERT OR UPDATE OR DELETE ON privileges
  FOR EACH STATEMENT EXECUTE FUNCTION bo_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER school_items_auth_notify AFTER INSERT OR UPDATE OR DELETE ON school_items
  FOR EACH STATEMENT EXECUTE FUNCTION bo_auth_notify_all();
--> statement-breakpoint
CREATE TRIGGER province_types_auth_notify AFTER INSERT OR UPDATE OR DELETE ON province_types
  FOR EACH STATEMENT EXECUTE FUNCTION bo_auth_notify_all();
