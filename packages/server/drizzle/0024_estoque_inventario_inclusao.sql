-- Count lines added after the freeze (estoqueInventario): who added them, when, and which cost values them; the count keeps its locations (one with nothing frozen is still counted). Both tables keep their row-level security (0020).
ALTER TABLE "estoque_inventario" ADD COLUMN "locais" text[];--> statement-breakpoint
ALTER TABLE "estoque_inventario_item" ADD COLUMN "incluido_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estoque_inventario_item" ADD COLUMN "incluido_por" text;--> statement-breakpoint
ALTER TABLE "estoque_inventario_item" ADD COLUMN "custo_origem" text;
