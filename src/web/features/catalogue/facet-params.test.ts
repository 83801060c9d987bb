import { describe, expect, it } from 'vitest';
import { chosenFilterCount, facetParamsOf } from './facet-params';

describe('chosenFilterCount', () => {
  it.each([
    ['', 0],
    ['genre=hip-hop', 1],
    ['genre=hip-hop&genre=trap&key=A+minor', 3],
    ['bpmMin=80&bpmMax=100', 1],
    ['bpmMin=80', 1],
    ['priceMin=1000&priceMax=3000&onSale=true', 2],
    ['genre=hip-hop&bpmMin=80&bpmMax=100', 2],
  ])('counts %s as %i chosen filters', (search, count) => {
    expect(chosenFilterCount(facetParamsOf(new URLSearchParams(search)))).toBe(count);
  });
});
