#!/usr/bin/env node
/** `jp` in the auth image: the user commands. */
import { cliMain } from '@journal/server-kit';
import { authCliCommands } from './user-cli';

void cliMain(authCliCommands, (argv) =>
  argv[0] === 'journal' ? 'journal commands run in the content image: kubectl exec deploy/content -- jp journal ...' : undefined,
);
