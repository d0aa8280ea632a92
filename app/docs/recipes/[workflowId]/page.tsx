import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { RecipePage } from '@/components/recipes/recipe-page';
import { socialMetadata } from '@/lib/og';
import { getRecipe, getRecipes } from '@/lib/recipes';
import { recipeUrl } from '@/lib/recipes/urls';
import '../../../styles/recipes.css';

type Props = { params: Promise<{ workflowId: string }> };

export const dynamicParams = false;

export function generateStaticParams() {
  return getRecipes().map((recipe) => ({ workflowId: recipe.workflow.workflowId }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const recipe = getRecipe((await params).workflowId);
  if (!recipe) return {};
  const url = recipeUrl(recipe.workflow.workflowId);
  return {
    title: recipe.title,
    description: recipe.summary,
    alternates: { canonical: url },
    ...socialMetadata({ url, title: recipe.title, description: recipe.summary }),
  };
}

export default async function Page({ params }: Props) {
  const recipe = getRecipe((await params).workflowId);
  if (!recipe) notFound();
  return <RecipePage recipe={recipe} />;
}
