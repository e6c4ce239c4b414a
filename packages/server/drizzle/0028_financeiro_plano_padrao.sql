-- The default chart of accounts (packages/domain/src/finance/planoContasPadrao.ts as the financeiroPlanoConta
-- schema stores it; packages/server/test/financeiroPlanoConta.test.ts checks they are equal), created with
-- every group like the default customer (docs/decisions/0007), and for the groups that exist.
CREATE FUNCTION criar_plano_contas_padrao(grupo text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO registro (grupo_empresarial_id, id, recurso, empresa_id, dados)
  SELECT grupo, p.id, 'financeiroPlanoConta', NULL, p.dados::jsonb
  FROM (VALUES
    ('00000000-0000-7000-8001-000000000001', '{"codigo":"1","nome":"Receitas","pai":null,"natureza":"Receita","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000002', '{"codigo":"1.01","nome":"Vendas no salão","pai":"00000000-0000-7000-8001-000000000001","natureza":"Receita","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000003', '{"codigo":"1.02","nome":"Delivery","pai":"00000000-0000-7000-8001-000000000001","natureza":"Receita","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000004', '{"codigo":"1.03","nome":"iFood e apps de delivery","pai":"00000000-0000-7000-8001-000000000001","natureza":"Receita","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000005', '{"codigo":"1.04","nome":"Outras receitas","pai":"00000000-0000-7000-8001-000000000001","natureza":"Receita","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000006', '{"codigo":"2","nome":"Deduções","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000007', '{"codigo":"2.01","nome":"Impostos sobre vendas","pai":"00000000-0000-7000-8001-000000000006","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000008', '{"codigo":"2.02","nome":"Taxas de cartão","pai":"00000000-0000-7000-8001-000000000006","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000009', '{"codigo":"2.03","nome":"Comissões de apps","pai":"00000000-0000-7000-8001-000000000006","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000010', '{"codigo":"3","nome":"CMV","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000011', '{"codigo":"3.01","nome":"Alimentos","pai":"00000000-0000-7000-8001-000000000010","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000012', '{"codigo":"3.02","nome":"Bebidas","pai":"00000000-0000-7000-8001-000000000010","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000013', '{"codigo":"3.03","nome":"Embalagens","pai":"00000000-0000-7000-8001-000000000010","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000014', '{"codigo":"4","nome":"Despesas com pessoal","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000015', '{"codigo":"4.01","nome":"Salários","pai":"00000000-0000-7000-8001-000000000014","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000016', '{"codigo":"4.02","nome":"Encargos","pai":"00000000-0000-7000-8001-000000000014","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000017', '{"codigo":"4.03","nome":"Benefícios","pai":"00000000-0000-7000-8001-000000000014","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000018', '{"codigo":"4.04","nome":"Pró-labore","pai":"00000000-0000-7000-8001-000000000014","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000019', '{"codigo":"5","nome":"Ocupação","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000020', '{"codigo":"5.01","nome":"Aluguel","pai":"00000000-0000-7000-8001-000000000019","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000021', '{"codigo":"5.02","nome":"Condomínio","pai":"00000000-0000-7000-8001-000000000019","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000022', '{"codigo":"5.03","nome":"Energia","pai":"00000000-0000-7000-8001-000000000019","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000023', '{"codigo":"5.04","nome":"Água","pai":"00000000-0000-7000-8001-000000000019","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000024', '{"codigo":"5.05","nome":"Gás","pai":"00000000-0000-7000-8001-000000000019","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000025', '{"codigo":"5.06","nome":"Internet","pai":"00000000-0000-7000-8001-000000000019","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000026', '{"codigo":"6","nome":"Despesas administrativas","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000027', '{"codigo":"6.01","nome":"Contabilidade","pai":"00000000-0000-7000-8001-000000000026","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000028', '{"codigo":"6.02","nome":"Sistemas e software","pai":"00000000-0000-7000-8001-000000000026","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000029', '{"codigo":"6.03","nome":"Material de escritório","pai":"00000000-0000-7000-8001-000000000026","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000030', '{"codigo":"7","nome":"Marketing","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000031', '{"codigo":"7.01","nome":"Publicidade","pai":"00000000-0000-7000-8001-000000000030","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000032', '{"codigo":"7.02","nome":"Promoções","pai":"00000000-0000-7000-8001-000000000030","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000033', '{"codigo":"8","nome":"Manutenção","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000034', '{"codigo":"8.01","nome":"Equipamentos","pai":"00000000-0000-7000-8001-000000000033","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000035', '{"codigo":"8.02","nome":"Predial","pai":"00000000-0000-7000-8001-000000000033","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000036', '{"codigo":"9","nome":"Despesas financeiras","pai":null,"natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000037', '{"codigo":"9.01","nome":"Tarifas bancárias","pai":"00000000-0000-7000-8001-000000000036","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000038', '{"codigo":"9.02","nome":"Juros","pai":"00000000-0000-7000-8001-000000000036","natureza":"Despesa","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000039', '{"codigo":"10","nome":"Receitas financeiras","pai":null,"natureza":"Receita","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000040', '{"codigo":"10.01","nome":"Rendimentos de aplicações","pai":"00000000-0000-7000-8001-000000000039","natureza":"Receita","dre":true,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000041', '{"codigo":"11","nome":"Investimentos","pai":null,"natureza":"Outras","dre":false,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000042', '{"codigo":"11.01","nome":"Equipamentos","pai":"00000000-0000-7000-8001-000000000041","natureza":"Outras","dre":false,"ativo":true}'),
    ('00000000-0000-7000-8001-000000000043', '{"codigo":"11.02","nome":"Reformas","pai":"00000000-0000-7000-8001-000000000041","natureza":"Outras","dre":false,"ativo":true}')
  ) AS p(id, dados)
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION criar_plano_contas_padrao(text) FROM PUBLIC;
--> statement-breakpoint
CREATE FUNCTION registro_plano_contas_padrao() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM criar_plano_contas_padrao(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER grupo_empresarial_plano_contas_padrao AFTER INSERT ON grupo_empresarial
  FOR EACH ROW EXECUTE FUNCTION registro_plano_contas_padrao();
--> statement-breakpoint
SELECT criar_plano_contas_padrao(id) FROM grupo_empresarial;
