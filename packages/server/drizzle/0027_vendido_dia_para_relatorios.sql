ALTER TABLE "estoque_vendido_dia" ADD COLUMN "como_item" numeric(18, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_vendido_dia" ADD COLUMN "como_complemento" numeric(18, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_vendido_dia" ADD COLUMN "vendas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_vendido_dia" ADD COLUMN "total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The sales already stored, as the ingestion now keeps them (stock/vendidosDia.ts).
UPDATE "estoque_vendido_dia" r SET como_item = s.ci, como_complemento = s.cc, vendas = s.n, total = s.t
FROM (
  SELECT i.grupo_empresarial_id AS g, i.empresa_id AS e, (i.fechado_em AT TIME ZONE 'America/Sao_Paulo')::date AS dia, x.produto AS p,
         sum(x.ci) AS ci, sum(x.cc) AS cc, count(DISTINCT i.venda_id) FILTER (WHERE x.n = 1) AS n, sum(x.t) AS t
  FROM venda_item i
  JOIN venda v ON v.grupo_empresarial_id = i.grupo_empresarial_id AND v.id = i.venda_id AND NOT v.cancelada
  CROSS JOIN LATERAL (
    SELECT i.produto_id AS produto, i.quantidade::numeric AS ci, 0::numeric AS cc, 1 AS n, i.bruto - i.desconto AS t
    UNION ALL
    SELECT m->>'produto', 0, round(i.quantidade * coalesce((m->>'quantidade')::numeric, 1), 3), 0, 0
    FROM jsonb_array_elements(i.modificadores) m WHERE coalesce(m->>'produto', '') <> ''
  ) x
  WHERE NOT i.cancelado
  GROUP BY 1, 2, 3, 4
) s
WHERE r.grupo_empresarial_id = s.g AND r.empresa_id = s.e AND r.dia = s.dia AND r.produto_id = s.p;
