import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint keeps the layout (issue 14): these plant a violation as the text of a real file and
 * expect the rule that guards it to name it. If the config stops loading a rule, this fails.
 */
const eslint = new ESLint();

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the lint', () => {
  it('refuses a feature importing another feature', async () => {
    const broken = await rulesBroken(
      'src/web/features/orders/planted.ts',
      "import { CartPage } from '../cart/cart-page';\nexport const page = CartPage;\n",
    );
    expect(broken).toContain('import-x/no-restricted-paths');
  });

  it('refuses a shared web module importing a feature, even by alias', async () => {
    const broken = await rulesBroken(
      'src/web/components/planted.ts',
      "import { CartPage } from '#web/features/cart/cart-page';\nexport const page = CartPage;\n",
    );
    expect(broken).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import shared modules', async () => {
    const broken = await rulesBroken(
      'src/web/features/orders/planted.ts',
      "import { useCart } from '#web/cart/use-cart';\nexport const hook = useCart;\n",
    );
    expect(broken).toEqual([]);
  });

  it('refuses an import circle', async () => {
    // checkout.ts imports money.ts; money.ts importing checkout.ts back closes a circle.
    const broken = await rulesBroken(
      'src/shared/money.ts',
      "import { COUNTRIES } from './checkout';\nexport const countries = COUNTRIES;\n",
    );
    expect(broken).toContain('import-x/no-cycle');
  });
});
