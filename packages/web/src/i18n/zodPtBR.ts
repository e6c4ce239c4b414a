import { z } from 'zod';

// zod's own messages (limits without a message in the declaration) in Brazilian Portuguese too. Run on
// import by whatever validates with zod in front of the user: the signed-in app's texts (aplicativo.ts)
// and the new-password page; the login page needs neither.
z.config(z.locales.ptBR());
