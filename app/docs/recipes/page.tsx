import type { Metadata } from 'next';
import { RecipeList } from '@/components/recipes/recipe-list';
import { socialMetadata } from '@/lib/og';
import { getRecipes } from '@/lib/recipes';
import { RECIPES_DESCRIPTION } from '@/lib/recipes/pages';
import { RECIPES_URL } from '@/lib/recipes/urls';
import '../../styles/recipes.css';

export const metadata: Metadata = {
  title: 'Recipes',
  description: RECIPES_DESCRIPTION,
  alternates: { canonical: RECIPES_URL },
  ...socialMetadata({ url: RECIPES_URL, title: 'Recipes', description: RECIPES_DESCRIPTION }),
};

export default function RecipesPage() {
  return <RecipeList recipes={getRecipes()} />;
}
