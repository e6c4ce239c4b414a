-- The group's products in Portuguese order (ordemPt's expression): the stock position (relatorioEstoqueProduto) reads its page walking this index instead of sorting every line of the company.
CREATE INDEX "registro_produto_descricao_pt_idx" ON "registro" USING btree ("grupo_empresarial_id",((dados->>'descricao') collate "und-x-icu"),"id") WHERE recurso = 'produtoGeral';
