ALTER TABLE "venda_item" DROP CONSTRAINT "venda_item_grupo_empresarial_id_venda_id_venda_grupo_empresarial_id_id_fk";
--> statement-breakpoint
ALTER TABLE "venda_pagamento" DROP CONSTRAINT "venda_pagamento_grupo_empresarial_id_venda_id_venda_grupo_empresarial_id_id_fk";
--> statement-breakpoint
ALTER TABLE "venda_transferencia" DROP CONSTRAINT "venda_transferencia_grupo_empresarial_id_venda_id_venda_grupo_empresarial_id_id_fk";
