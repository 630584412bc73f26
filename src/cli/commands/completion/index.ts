import { Argument } from '@commander-js/extra-typings';
import { defineCommand, type HandlerImport } from '../../command.js';

export const completion = defineCommand({
  name: 'completion',
  description: 'Print a shell completion script (subcommands, flags, values and community names on TAB)',
  flags: (c) =>
    c
      .addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish'] as const))
      .option('--install', 'write the script where the shell loads it (making the folder), instead of printing it'),
  output: { kind: 'fixed' },
  examples: [
    'rentsurvey completion bash --install   # into ~/.local/share/bash-completion/completions, for the bash-completion package',
    'source <(rentsurvey completion bash)   # in ~/.bashrc, without the bash-completion package',
    'rentsurvey completion zsh --install   # into ~/.zfunc: with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
    'rentsurvey completion fish --install   # into ~/.config/fish/completions',
    'mkdir -p ~/.zfunc && rentsurvey completion zsh > ~/.zfunc/_rentsurvey   # the same by hand',
  ],
  notes: [
    'Community names complete from the local store with --local (or RENTSURVEY_LOCAL=1), else from what the profile last listed ' +
      '(portfolio, communities list, comps list): TAB never calls the service. See README.',
  ],
  handler: (): HandlerImport => import('./completion.js'),
});
