import { List, ThemeIcon } from '@mantine/core';
import { regrasSenha, regrasSenhaAtendidas } from '@retaguarda/domain';
import { IconCheck, IconPoint } from '@tabler/icons-react';

/** The password rules of the domain, each ticked as the typed password meets it. */
export function PasswordRules({ senha }: { senha: string }) {
  const met = regrasSenhaAtendidas(senha);
  return (
    <List size="sm" spacing={2} data-testid="regras-senha">
      {regrasSenha.map((regra, i) => (
        <List.Item
          key={regra}
          c={met[i] ? 'teal' : 'dimmed'}
          icon={
            <ThemeIcon size={16} radius="xl" color={met[i] ? 'teal' : 'gray'} variant={met[i] ? 'filled' : 'light'}>
              {met[i] ? <IconCheck size={12} /> : <IconPoint size={12} />}
            </ThemeIcon>
          }
        >
          {regra}
        </List.Item>
      ))}
    </List>
  );
}
