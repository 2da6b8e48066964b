#!/usr/bin/env node
/** `jp` in the content image: the journal commands. */
import { cliMain } from '@journal/server-kit';
import { contentCliCommands } from './journal-cli';

void cliMain(contentCliCommands, (argv) =>
  argv[0] === 'user' ? 'user commands run in the auth image: kubectl exec deploy/auth -- jp user ...' : undefined,
);
