-- Row-level security: the second wall between business groups (ARCHITECTURE.md §Data).
-- Tenant requests run as retaguarda_app inside a transaction that sets app.grupo_empresarial_id
-- (src/db/tenant.ts); the policies below only let such a transaction see and write its own group.
-- The role is cluster-wide: create it once, tolerating a concurrent creator (parallel test databases).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'retaguarda_app') THEN
    CREATE ROLE retaguarda_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
-- SET ROLE needs membership; superusers are members of every role already, so they skip the GRANT.
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'retaguarda_app', 'MEMBER') THEN
    EXECUTE format('GRANT retaguarda_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO retaguarda_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO retaguarda_app;
--> statement-breakpoint
-- Tables of later migrations get the same DML grant; their RLS policies still need a migration.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO retaguarda_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO retaguarda_app;
--> statement-breakpoint
-- FORCE puts even the table owner under the policies. The owner (the role that migrates, signs in,
-- looks sessions up and runs recovery across groups, src/session/) gets an explicit allow-all policy so
-- that works on managed PostgreSQL where it is not a superuser; retaguarda_app is not a member of the
-- owner role, so only the tenant policy applies to it.
ALTER TABLE "grupo_empresarial" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "grupo_empresarial" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "grupo_empresarial" FOR ALL TO PUBLIC
  USING (id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "grupo_empresarial" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "empresa" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "empresa" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "empresa" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "empresa" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "pessoa" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "pessoa" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "pessoa" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "pessoa" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "usuario" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "usuario" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "usuario" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "usuario" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "sessao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "sessao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "sessao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "sessao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "chave_senha" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "chave_senha" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "chave_senha" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "chave_senha" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
ALTER TABLE "email_saida" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "email_saida" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "email_saida" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "email_saida" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
