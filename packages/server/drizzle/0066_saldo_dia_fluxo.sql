ALTER TABLE "financeiro_saldo_dia" ADD COLUMN "entradas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "financeiro_saldo_dia" ADD COLUMN "saidas" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The days written before this version, filled once from the ledger (as recalcularFinanceiro in finance/recalcular.ts).
UPDATE "financeiro_saldo_dia" s SET entradas = x.entradas, saidas = x.saidas
FROM (
  SELECT grupo_empresarial_id, conta_id, data,
    coalesce(sum(valor) FILTER (WHERE valor > 0 AND tipo <> 'saldoInicial' AND transferencia_id IS NULL), 0) AS entradas,
    coalesce(sum(valor) FILTER (WHERE valor < 0 AND tipo <> 'saldoInicial' AND transferencia_id IS NULL), 0) AS saidas
  FROM "financeiro_movimento" GROUP BY 1, 2, 3
) x
WHERE s.grupo_empresarial_id = x.grupo_empresarial_id AND s.conta_id = x.conta_id AND s.data = x.data;
