export { getIngredientDetail, listIngredients, updateIngredient } from './inventory.js';
export { recordStockMovement } from './stock-movements.js';
