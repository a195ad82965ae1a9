using Bookstore.App.Reporting;
using Bookstore.App.Services;
using static System.Console;
using BookList = System.Collections.Generic.List<Bookstore.Domain.Book>;

var repository = new CachedBookRepository();
var inventory = new Inventory();
var catalog = new CatalogService(repository, inventory);

repository.Added += (_, book) => WriteLine($"added: {book.Title}");

var dune = catalog.Register("Dune", 12.50m, Genre.Fiction, stock: 3);
catalog.Register("A Brief History of Time", 18m, Genre.Science);
catalog.Register("The Gruffalo", 7.99m, Genre.Children, stock: 20);

var collected = new Book(100, "Collected Works", new Money(120m, "EUR"), Genre.History)
{
    Isbn = new Isbn("9780000000001"),
    Title = "Collected Works, Vol. 1",
};
collected.AddAuthor("Anonymous");
collected.AddAuthor(new Author("Ada Editor", "UK"));
repository.Add(collected);
inventory[collected.Id] = 1;

dune.PriceChanged += OnPriceChanged;
dune.Price = dune.Price.ApplyDiscount(10m);

ConsoleReport.Heading("Catalogue");
BookList all = [.. repository.All()];
all.ForEach(Print);
ConsoleReport.Line("Total", all.Total());
ConsoleReport.Line("Expensive (extension call)", collected.IsExpensive());
ConsoleReport.Line("Expensive (static call)", BookExtensions.IsExpensive(dune, threshold: 10m));

IBookQueries queries = repository;
ConsoleReport.Heading("Science");
ConsoleReport.Line(queries.ByGenre(Genre.Science));
foreach (var match in repository.Search("the", limit: 5))
{
    ConsoleReport.Line(match);
}

ConsoleReport.Heading("Orders");
var processor = new OrderProcessor(repository, inventory);
processor.Completed += (_, result) => WriteLine(result.Describe());
var results = await processor.PlaceAllAsync(new List<Order>
{
    new(dune.Id, 2, "ana"),
    new(3, 9, "ben"),
    new(collected.Id, 1, "cy"),
    new(999, 1, "dee"),
});
WriteLine($"{results.Count(r => r.Succeeded)} of {processor.Processed} orders succeeded");

if (repository.FindById(1) is { Title: var title } first && first.IsExpensive(5m))
{
    WriteLine($"{title} costs more than 5");
}

var found = repository.All().FindEntity(100);
WriteLine(found?.Authors.FirstOrDefault()?.Describe() ?? "no author");
WriteLine(OrderProcessor.Classify(found));
WriteLine(OrderProcessor.Classify(42));

var shelf = catalog.FillShelf("children", Genre.Children);
WriteLine($"{shelf.Label}: {shelf.Count()} of {shelf.Capacity} slots, first = {shelf[0]?.Title}");
WriteLine(ConsoleReport.Show(DiscountPolicy.For(Genre.Children)).Name);

await repository.SaveChangesAsync();
WriteLine($"cache hits: {repository.Hits}, stock of Dune: {catalog.StockOf(dune)}");

static void Print(Book book) => ConsoleReport.Line($"- {book}");

static void OnPriceChanged(Book book, Money oldPrice, Money newPrice) =>
    WriteLine($"{book.Title}: {oldPrice} -> {newPrice}");
