// The three-card rules menu of the evaluator page: a preset select and
// the rule options, drawn from the engine's description of the rules
// (three_card_rules: presets, options with their choices, the category
// ladder and a summary). The page never knows what a preset means: it
// sends a spec ("teen-patti", "casino,a23=highest") and shows what the
// engine answers.

export class RulesView {
  /**
   * @param {HTMLElement} root the [data-rules] block
   * @param {(spec: string) => void} onChange called with a new spec
   */
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    this.preset = root.querySelector('[data-rules-preset]');
    this.options = root.querySelector('[data-rule-options]');
    this.summary = root.querySelector('[data-rules-summary]');
    this.form = null;
    this.preset.addEventListener('change', () => this.onChange(this.preset.value));
  }

  /** Draws `form` (what three_card_rules returned). */
  render(form) {
    this.form = form;
    this.root.dataset.spec = form.spec;
    const presets = form.presets.map(({ value, label }) => new Option(label, value));
    if (form.preset === null) {
      // A mix of options: shown as custom, with its spec.
      const custom = new Option(`Custom (${form.spec})`, form.spec);
      presets.push(custom);
    }
    this.preset.replaceChildren(...presets);
    this.preset.value = form.preset ?? form.spec;

    const fields = form.options.map((option) => {
      const id = `rule-${option.key}`;
      const field = document.createElement('div');
      field.className = 'rule-field';
      const label = document.createElement('label');
      label.className = 'rule-label';
      label.htmlFor = id;
      label.textContent = option.label;
      const select = document.createElement('select');
      select.id = id;
      select.className = 'select';
      select.dataset.ruleOption = option.key;
      select.append(...option.choices.map(({ value, label: text }) => new Option(text, value)));
      select.value = option.value;
      select.addEventListener('change', () => this.onChange(this.specWith(option.key, select.value)));
      field.append(label, select);
      return field;
    });
    this.options.replaceChildren(...fields);
    this.summary.textContent = form.summary;
  }

  /** The current spec with one option changed (the engine canonicalizes it). */
  specWith(key, value) {
    return `${this.form?.spec ?? 'casino'},${key}=${value}`;
  }
}
