import { ptBR } from 'zod/locales';
import { config } from 'zod/mini';

// zod's own messages (limits without a message in the declaration) in Brazilian Portuguese too. Run on
// import by whatever validates with zod in front of the user: the signed-in app's texts (aplicativo.ts)
// and the new-password page; the login page needs neither. zod/mini's config is zod's one global
// configuration (classic zod reads it too) without bringing classic zod into the shell (issue 19).
config(ptBR());
