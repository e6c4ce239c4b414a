import { z } from 'zod';
import { pt } from 'zod/locales';

// zod's built-in messages (a missing body, a wrong type) in Portuguese; the domain schemas set their own.
z.config(pt());
