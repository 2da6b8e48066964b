#!/usr/bin/env node
/** `jp` in the content image: the journal commands. */
import { cliMain } from '@journal/server-kit';
import { contentCliCommands } from './journal-cli';

void cliMain(contentCliCommands, (argv) =>
  argv[0] === 'user' || argv[0] === 'audit' ? `${argv[0]} commands run in the auth image: kubectl exec deploy/auth -- jp ${argv[0]} ...` : undefined,
);
