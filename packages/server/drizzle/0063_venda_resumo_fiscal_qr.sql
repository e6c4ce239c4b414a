CREATE TABLE "venda_resumo_codigo" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"cfop" text NOT NULL,
	"cst" text NOT NULL,
	"itens" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "venda_resumo_codigo_grupo_empresarial_id_empresa_id_dia_cfop_cst_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","cfop","cst")
);
--> statement-breakpoint
CREATE TABLE "venda_resumo_documento" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"modelo" text NOT NULL,
	"status" text NOT NULL,
	"serie" smallint NOT NULL,
	"vendas" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"canceladas" integer DEFAULT 0 NOT NULL,
	"valor_cancelado" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "venda_resumo_documento_grupo_empresarial_id_empresa_id_dia_modelo_status_serie_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","modelo","status","serie")
);
--> statement-breakpoint
CREATE TABLE "venda_resumo_qr" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"hora" smallint NOT NULL,
	"mesa" text NOT NULL,
	"pedidos" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"unidades" numeric(14, 3) DEFAULT '0' NOT NULL,
	"canceladas" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "venda_resumo_qr_grupo_empresarial_id_empresa_id_dia_hora_mesa_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","hora","mesa")
);
--> statement-breakpoint
CREATE TABLE "venda_resumo_qr_produto" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"dia" date NOT NULL,
	"produto_id" text NOT NULL,
	"quantidade" numeric(14, 3) DEFAULT '0' NOT NULL,
	"pedidos" integer DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "venda_resumo_qr_produto_grupo_empresarial_id_empresa_id_dia_produto_id_pk" PRIMARY KEY("grupo_empresarial_id","empresa_id","dia","produto_id")
);
--> statement-breakpoint
ALTER TABLE "venda_resumo_codigo" ADD CONSTRAINT "venda_resumo_codigo_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_resumo_documento" ADD CONSTRAINT "venda_resumo_documento_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_resumo_qr" ADD CONSTRAINT "venda_resumo_qr_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venda_resumo_qr_produto" ADD CONSTRAINT "venda_resumo_qr_produto_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "venda_contingencia_idx" ON "venda" USING btree ("grupo_empresarial_id","empresa_id","fechado_em") WHERE documento_status = 'contingencia';
--> statement-breakpoint
-- Row-level security as on the sales tables (0013).
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_resumo_documento" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_resumo_documento" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_resumo_documento" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_resumo_documento" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_resumo_documento" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_resumo_codigo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_resumo_codigo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_resumo_codigo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_resumo_codigo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_resumo_codigo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_resumo_qr" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_resumo_qr" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_resumo_qr" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_resumo_qr" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_resumo_qr" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "venda_resumo_qr_produto" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "venda_resumo_qr_produto" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "venda_resumo_qr_produto" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "venda_resumo_qr_produto" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "venda_resumo_qr_produto" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The sales received before this version, added up once (as recalcularResumosDeVendas in sales/resumosVenda.ts).
INSERT INTO "venda_resumo_documento" (grupo_empresarial_id, empresa_id, dia, modelo, status, serie, vendas, total, canceladas, valor_cancelado)
SELECT grupo_empresarial_id, empresa_id, (fechado_em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(documento_modelo, ''), coalesce(documento_status, 'semDocumento'), coalesce(documento_serie, -1),
  count(*), coalesce(sum(total), 0), count(*) FILTER (WHERE cancelada), coalesce(sum(total) FILTER (WHERE cancelada), 0)
FROM "venda"
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO "venda_resumo_qr" (grupo_empresarial_id, empresa_id, dia, hora, mesa, pedidos, total, unidades, canceladas)
SELECT v.grupo_empresarial_id, v.empresa_id, (v.fechado_em AT TIME ZONE 'America/Sao_Paulo')::date, extract(hour FROM v.fechado_em AT TIME ZONE 'America/Sao_Paulo')::smallint, coalesce(v.mesa, ''),
  count(*) FILTER (WHERE NOT v.cancelada), coalesce(sum(v.total) FILTER (WHERE NOT v.cancelada), 0), coalesce(sum(u.unidades) FILTER (WHERE NOT v.cancelada), 0), count(*) FILTER (WHERE v.cancelada)
FROM "venda" v
LEFT JOIN LATERAL (SELECT sum(CASE WHEN i.quantidade = trunc(i.quantidade) THEN i.quantidade ELSE 1 END) AS unidades
  FROM "venda_item" i WHERE i.grupo_empresarial_id = v.grupo_empresarial_id AND i.venda_id = v.id AND NOT i.cancelado) u ON true
WHERE v.canal = 'QR Code'
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "venda_resumo_codigo" (grupo_empresarial_id, empresa_id, dia, cfop, cst, itens, total)
SELECT v.grupo_empresarial_id, v.empresa_id, (v.fechado_em AT TIME ZONE 'America/Sao_Paulo')::date, coalesce(i.cfop, ''), coalesce(i.cst, ''), count(*), sum(i.bruto - i.desconto)
FROM "venda" v JOIN "venda_item" i ON i.grupo_empresarial_id = v.grupo_empresarial_id AND i.venda_id = v.id
WHERE NOT v.cancelada AND NOT i.cancelado
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO "venda_resumo_qr_produto" (grupo_empresarial_id, empresa_id, dia, produto_id, quantidade, pedidos, total)
SELECT v.grupo_empresarial_id, v.empresa_id, (v.fechado_em AT TIME ZONE 'America/Sao_Paulo')::date, i.produto_id, sum(i.quantidade), count(DISTINCT v.id), sum(i.bruto - i.desconto)
FROM "venda" v JOIN "venda_item" i ON i.grupo_empresarial_id = v.grupo_empresarial_id AND i.venda_id = v.id
WHERE NOT v.cancelada AND NOT i.cancelado AND v.canal = 'QR Code'
GROUP BY 1, 2, 3, 4;
