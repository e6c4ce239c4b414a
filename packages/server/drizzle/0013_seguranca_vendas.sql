-- Row-level security on the sales tables and terminal credentials, as 0001 does for every tenant table.
GRANT SELECT, INSERT, UPDATE, DELETE ON "terminal_credencial" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "terminal_credencial" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "terminal_credencial" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "terminal_credencial" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "terminal_credencial" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_item" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_item" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_item" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_item" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_item" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_pagamento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_pagamento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_pagamento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_pagamento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_pagamento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
