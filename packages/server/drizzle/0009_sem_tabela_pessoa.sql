-- The person table's rows are in registro since pessoa_para_registro; usuario.pessoa_id stays as a plain column.
ALTER TABLE "usuario" DROP CONSTRAINT "usuario_grupo_empresarial_id_pessoa_id_pessoa_grupo_empresarial_id_id_fk";--> statement-breakpoint
DROP TABLE "pessoa";
