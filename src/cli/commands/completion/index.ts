import { Argument } from '@commander-js/extra-typings';
import { defineCommand, type HandlerImport } from '../../command.js';

export const completion = defineCommand({
  name: 'completion',
  description: 'Print a shell completion script (subcommands, flags, values and community names on TAB)',
  flags: (c) => c.addArgument(new Argument('<shell>', 'shell').choices(['bash', 'zsh', 'fish'] as const)),
  output: { kind: 'fixed' },
  examples: [
    'rentsurvey completion bash > ~/.local/share/bash-completion/completions/rentsurvey',
    'source <(rentsurvey completion bash)   # in ~/.bashrc, without the bash-completion package',
    'rentsurvey completion zsh > ~/.zfunc/_rentsurvey   # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc',
    'rentsurvey completion fish > ~/.config/fish/completions/rentsurvey.fish',
  ],
  notes: [
    'Community names complete from the local store with --local (or RENTSURVEY_LOCAL=1), else from what the profile last listed ' +
      '(portfolio, communities list, comps list): TAB never calls the service. See README.',
  ],
  handler: (): HandlerImport => import('./completion.js'),
});
